/* registry.c - the rule systems grognard knows, and finding them by name. */
#include "grognard/systems.h"

#include <string.h>

const gr_system *const gr_systems[] = {
    &gr_aoe_system, &gr_nf_system, &gr_rff_system, &gr_re_system, NULL,
};

const gr_system *gr_system_find(const char *id)
{
    for (int i = 0; gr_systems[i]; i++)
        if (!strcmp(gr_systems[i]->id, id))
            return gr_systems[i];
    return NULL;
}

const gr_table *gr_system_table(const gr_system *s, const char *name)
{
    for (size_t i = 0; i < s->ntables; i++)
        if (!strcmp(s->tables[i]->name, name))
            return s->tables[i];
    return NULL;
}

const gr_procedure *gr_system_procedure(const gr_system *s, const char *name)
{
    for (size_t i = 0; i < s->nprocedures; i++)
        if (!strcmp(s->procedures[i]->name, name))
            return s->procedures[i];
    return NULL;
}
