// Found through the including file's directory only: the wrapper must keep that search working
// when it compiles a translated copy from elsewhere.
#define WRAPPER_TEST_H 1

int from_c(void);
int from_object(void);
int from_archive(void);
int from_assembly(void);
