/*
 * stats_export.c -- OMP2NUMA_STATS=json:FILE and csv:FILE: the statistics as data for programs
 * (tools/omp2numa-report draws them).  Both write the snapshot that stats.c takes at exit;
 * docs/runtime.md describes the schema, and docs/omp2numa-stats.schema.json is the JSON Schema of
 * the JSON form.  A change of either format changes O2N_STATS_SCHEMA_VERSION.
 */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum { O2N_STATS_SCHEMA_VERSION = 1 };

/* ------------------------------------------------------------------------------------------- */
/* JSON                                                                                        */
/* ------------------------------------------------------------------------------------------- */

/* s as a JSON string (null for NULL). */
static void json_string(FILE *out, const char *s)
{
  if (!s) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (; *s; s++) {
    const unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

static void json_topology(FILE *out)
{
  const struct o2n_topology *topo = o2n_topology();
  fprintf(out, "  \"topology\": {\"pus\": %u, \"nodes\": %u, \"node_os\": [", topo->npus,
          topo->ndomains);
  for (unsigned d = 0; d < topo->ndomains; d++)
    fprintf(out, "%s%u", d ? ", " : "", topo->node_os ? topo->node_os[d] : d);
  fputs("],\n    \"places\": [", out);
  for (unsigned p = 0; p < topo->nplaces; p++) {
    const struct o2n_place *place = &topo->places[p];
    fprintf(out, "%s\n      {\"place\": %u, \"node\": %u, \"pus\": [", p ? "," : "", p,
            place->domain);
    for (unsigned i = 0; i < place->npus; i++)
      fprintf(out, "%s%u", i ? ", " : "", place->pus[i]);
    fputs("]}", out);
  }
  fputs("]},\n", out);
}

/* The iterations the loop's threads ran on each NUMA node (by the node of their place). */
static void json_iterations_per_node(FILE *out, const struct o2n_stats_loop *loop)
{
  const unsigned nodes = o2n_topology()->ndomains;
  fputs("\"iterations_per_node\": [", out);
  for (unsigned d = 0; d < nodes; d++) {
    uint64_t sum = 0;
    for (unsigned i = 0; i < loop->nrows; i++)
      sum += loop->rows[i].node == d ? loop->rows[i].iterations : 0;
    fprintf(out, "%s%" PRIu64, d ? ", " : "", sum);
  }
  fputs("]", out);
}

static void json_execution_imbalance(FILE *out, const struct o2n_stats_loop *loop)
{
  fprintf(out, "\"execution_imbalance\": {\"measured\": %" PRIu64, loop->measured);
  if (loop->measured)
    fprintf(out, ", \"min\": %.6f, \"mean\": %.6f, \"max\": %.6f", loop->imbalance_min,
            loop->imbalance_mean, loop->imbalance_max);
  fputs(", \"recorded\": [", out);
  for (unsigned k = 0; k < loop->nrecorded; k++)
    fprintf(out, "%s%.6f", k ? ", " : "", loop->recorded[k] / 1e6);
  fputs("]}", out);
}

static void json_loop(FILE *out, const struct o2n_stats_loop *loop)
{
  fputs("    {\"file\": ", out);
  json_string(out, loop->site->file);
  fprintf(out, ", \"line\": %u, \"schedule\": ", loop->site->line);
  json_string(out, loop->schedule);
  fputs(", \"affinity\": ", out);
  json_string(out, loop->site->affinity);
  fprintf(out, ", \"nowait\": %s, \"executions\": %" PRIu64 ", \"imbalance\": ",
          (loop->site->flags & __OMP2NUMA_LOOP_NOWAIT) ? "true" : "false", loop->executions);
  if (loop->imbalance >= 0)
    fprintf(out, "%.6f", loop->imbalance);
  else
    fputs("null", out);
  fputs(",\n     ", out);
  json_execution_imbalance(out, loop);
  fputs(",\n     ", out);
  json_iterations_per_node(out, loop);
  fputs(",\n     \"threads\": [", out);
  for (unsigned i = 0; i < loop->nrows; i++) {
    const struct o2n_stats_row *r = &loop->rows[i];
    fprintf(out,
            "%s\n       {\"thread\": %u, \"place\": %u, \"node\": %u, \"executions\": %" PRIu64
            ", \"iterations\": %" PRIu64 ", \"chunks\": %" PRIu64 ", \"steals_same\": %" PRIu64
            ", \"steals_other\": %" PRIu64 ", \"busy_ns\": %" PRIu64 ", \"wait_ns\": %" PRIu64 "}",
            i ? "," : "", r->thread, r->place, r->node, r->executions, r->iterations, r->chunks,
            r->steals_same, r->steals_other, r->busy_ns, r->wait_ns);
  }
  fputs("]}", out);
}

void o2n_stats_write_json(FILE *out, const struct o2n_stats_snapshot *snap)
{
  fprintf(out, "{\n  \"schema\": \"omp2numa-stats\",\n  \"version\": %d,\n",
          O2N_STATS_SCHEMA_VERSION);
  json_topology(out);
  fputs("  \"loops\": [", out);
  for (size_t i = 0; i < snap->nloops; i++) {
    fputs(i ? ",\n" : "\n", out);
    json_loop(out, &snap->loops[i]);
  }
  fputs("],\n  \"tasks\": [", out);
  for (unsigned i = 0; i < snap->ntasks; i++) {
    const struct o2n_stats_row *r = &snap->tasks[i];
    fprintf(out,
            "%s\n    {\"thread\": %u, \"place\": %u, \"node\": %u, \"run\": %" PRIu64
            ", \"steals_same\": %" PRIu64 ", \"steals_other\": %" PRIu64 ", \"idle_ns\": %" PRIu64
            "}",
            i ? "," : "", r->thread, r->place, r->node, r->run, r->steals_same, r->steals_other,
            r->idle_ns);
  }
  fputs("]\n}\n", out);
}

/* ------------------------------------------------------------------------------------------- */
/* CSV (RFC 4180): one table, one row per loop and thread, per measured execution of a loop     */
/* (its first O2N_STATS_EXECUTIONS), and per thread that ran tasks; the kind column says which. */
/* ------------------------------------------------------------------------------------------- */

static const char csv_header[] =
    "kind,file,line,schedule,thread,place,node,executions,iterations,chunks,steals_same,"
    "steals_other,busy_ns,wait_ns,run,idle_ns,execution,imbalance\n";

/* s as a CSV field: quoted when it holds a comma, a quote or a line break. */
static void csv_field(FILE *out, const char *s)
{
  if (!s[strcspn(s, ",\"\r\n")]) {
    fputs(s, out);
    return;
  }
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', out);
    fputc(*s, out);
  }
  fputc('"', out);
}

/* kind,file,line,schedule, of a loop's rows. */
static void csv_loop_key(FILE *out, const char *kind, const struct o2n_stats_loop *loop)
{
  fprintf(out, "%s,", kind);
  csv_field(out, loop->site->file ? loop->site->file : "?");
  fprintf(out, ",%u,%s,", loop->site->line, loop->schedule);
}

void o2n_stats_write_csv(FILE *out, const struct o2n_stats_snapshot *snap)
{
  fputs(csv_header, out);
  for (size_t i = 0; i < snap->nloops; i++) {
    const struct o2n_stats_loop *loop = &snap->loops[i];
    for (unsigned t = 0; t < loop->nrows; t++) {
      const struct o2n_stats_row *r = &loop->rows[t];
      csv_loop_key(out, "loop", loop);
      fprintf(out, "%u,%u,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
                   ",%" PRIu64 ",,,,\n",
              r->thread, r->place, r->node, r->executions, r->iterations, r->chunks,
              r->steals_same, r->steals_other, r->busy_ns, r->wait_ns);
    }
    for (unsigned k = 0; k < loop->nrecorded; k++) {
      csv_loop_key(out, "execution", loop);
      fprintf(out, ",,,,,,,,,,,,%u,%.6f\n", k, loop->recorded[k] / 1e6);
    }
  }
  for (unsigned t = 0; t < snap->ntasks; t++) {
    const struct o2n_stats_row *r = &snap->tasks[t];
    fprintf(out, "task,,,,%u,%u,%u,,,,%" PRIu64 ",%" PRIu64 ",,,%" PRIu64 ",%" PRIu64 ",,\n",
            r->thread, r->place, r->node, r->steals_same, r->steals_other, r->run, r->idle_ns);
  }
}
