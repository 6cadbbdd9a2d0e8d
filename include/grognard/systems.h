/* grognard/systems.h - the four rule systems. */
#ifndef GROGNARD_SYSTEMS_H
#define GROGNARD_SYSTEMS_H

#include "grognard/resolve.h"

extern const gr_system gr_aoe_system; /* L'Âge des Aigles (seeds 000, 003) */
extern const gr_system gr_nf_system;  /* Napoleonic Fury (seed 002) */
extern const gr_system gr_rff_system; /* Regimental Fire and Fury (seed 001) */
extern const gr_system gr_re_system;  /* Révolution et Empire (seed 004) */

#endif
