#ifndef GEO_H
#define GEO_H

int sq(int x);
int dist2(int x1, int y1, int x2, int y2);
double norm(int x, int y);
int cube(int x); /* declared, defined by no file of the project */
int volume(int x);

void inc(void);
int get(void);

#endif
