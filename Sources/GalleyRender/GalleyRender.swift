// GalleyRender
