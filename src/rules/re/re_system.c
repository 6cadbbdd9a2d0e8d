/* re_system.c - Révolution et Empire: the system descriptor (tables and procedures). */
#include "grognard/systems.h"

const gr_system gr_re_system = {
    .id = "re",
    .title = "Révolution et Empire",
    .seeds = "seed 004",
    .dice = "D6",
    .tables = NULL,
    .ntables = 0,
    .procedures = NULL,
    .nprocedures = 0,
};
