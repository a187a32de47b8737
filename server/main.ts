import module from 'node:module';

// V8 keeps the compiled code of every module between starts (in the system's temporary folder, or
// where NODE_COMPILE_CACHE says): a restart loads the server's modules in about two thirds of the
// time. It must be switched on before they are imported, hence this file and server/start.ts.
module.enableCompileCache();
await import('./start.ts');
