long square(long x);
