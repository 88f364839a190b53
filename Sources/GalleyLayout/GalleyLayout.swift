// GalleyLayout
