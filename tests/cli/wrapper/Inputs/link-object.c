int from_object(void) { return 2; }
