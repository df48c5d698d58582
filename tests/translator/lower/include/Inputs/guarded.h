/* An include guard, a threadprivate extern, a _Pragma macro: copied with its edits. */
#ifndef GUARDED_H
#define GUARDED_H
extern int counter;
#pragma omp threadprivate(counter)
#define PARALLEL_FOR _Pragma("omp parallel for")
#endif
