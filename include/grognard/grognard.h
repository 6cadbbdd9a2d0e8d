/* grognard.h - the umbrella header of the grognard library. */
#ifndef GROGNARD_H
#define GROGNARD_H

#include "grognard/error.h"
#include "grognard/rng.h"
#include "grognard/dice.h"
#include "grognard/effect.h"
#include "grognard/table.h"
#include "grognard/resolve.h"
#include "grognard/event.h"
#include "grognard/systems.h"

#endif
