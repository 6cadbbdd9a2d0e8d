/* registry.c - the rule systems grognard knows, and finding them by name. */
#include "grognard/systems.h"

#include <stdio.h>
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

/* No system (s NULL), table (procedures 0) or procedure of s named `name`
 * (NULL: none given): say so with what is accepted. */
static gr_status not_found(const gr_system *s, int procedures, const char *name, gr_error *err)
{
    const char *what = !s ? "system" : procedures ? "procedure" : "table";
    char list[512], of[40] = "";
    size_t len = 0, n = !s ? GR_COUNT(gr_systems) - 1 : procedures ? s->nprocedures : s->ntables;
    list[0] = '\0';
    for (size_t i = 0; i < n && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                !s           ? gr_systems[i]->id
                                : procedures ? s->procedures[i]->name
                                             : s->tables[i]->name);
    if (s)
        snprintf(of, sizeof of, " for %s", s->id);
    if (!name)
        return gr_error_set(err, GR_EINPUT, "missing %s%s; accepted: %s", what, of, list);
    char nb[65]; /* at most 64 bytes of the name, cut between characters */
    gr_escape(name, nb, sizeof nb);
    return gr_error_set(err, GR_EINPUT, "unknown %s '%s'%s; accepted: %s", what, nb, of, list);
}

gr_status gr_system_get(const char *id, const gr_system **out, gr_error *err)
{
    *out = id ? gr_system_find(id) : NULL;
    return *out ? GR_OK : not_found(NULL, 0, id, err);
}

gr_status gr_system_get_table(const gr_system *s, const char *name, const gr_table **out,
                              gr_error *err)
{
    *out = name ? gr_system_table(s, name) : NULL;
    return *out ? GR_OK : not_found(s, 0, name, err);
}

gr_status gr_system_get_procedure(const gr_system *s, const char *name, const gr_procedure **out,
                                  gr_error *err)
{
    *out = name ? gr_system_procedure(s, name) : NULL;
    return *out ? GR_OK : not_found(s, 1, name, err);
}
