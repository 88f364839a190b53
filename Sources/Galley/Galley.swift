// Galley
