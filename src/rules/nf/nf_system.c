/* nf_system.c - Napoleonic Fury: the system descriptor (tables and procedures). */
#include "grognard/systems.h"

const gr_system gr_nf_system = {
    .id = "nf",
    .title = "Napoleonic Fury",
    .seeds = "seed 002",
    .dice = "2D6 (opposed: 2D6 each side)",
    .tables = NULL,
    .ntables = 0,
    .procedures = NULL,
    .nprocedures = 0,
};
