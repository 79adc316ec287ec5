// `import DraftStore` gives the whole public API: the layers below the store are modules of their
// own (so a reference the wrong way does not compile) and are re-exported here.
@_exported import DraftStoreSQLite
