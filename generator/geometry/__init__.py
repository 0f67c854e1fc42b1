"""Pure geometry for pnpgen: coordinates and shapes, no drawing."""
