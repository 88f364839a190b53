// GalleyBatch
