// A worker thread reads the model and database code, which Node's own type stripping cannot load (extensionless
// imports): it runs under tsx, whatever started the process (the server, the tsx command, a test runner).
export const TSX_EXEC_ARGV = ["--import", "tsx"];
