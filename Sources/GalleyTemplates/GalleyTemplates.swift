// GalleyTemplates
