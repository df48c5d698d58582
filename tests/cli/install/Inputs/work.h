long work(int n);
