/* rff_system.c - Regimental Fire and Fury: the system descriptor (tables and procedures). */
#include "grognard/systems.h"

const gr_system gr_rff_system = {
    .id = "rff",
    .title = "Regimental Fire and Fury",
    .seeds = "seed 001",
    .dice = "D10 (opposed: D10 each side)",
    .tables = NULL,
    .ntables = 0,
    .procedures = NULL,
    .nprocedures = 0,
};
