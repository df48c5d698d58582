int from_archive(void) { return 3; }
