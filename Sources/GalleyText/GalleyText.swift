// GalleyText
