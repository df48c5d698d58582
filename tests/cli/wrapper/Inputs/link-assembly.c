int from_assembly(void) { return 4; }
