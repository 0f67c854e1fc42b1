"""The colours pnpgen's own boards, tracks, mats and tables are printed in where the manifest names none: one place,
so a builder's default and its drawer's ground agree."""

GROUND = "#f4ecd8"       # the paper ground of a board, track or mat with no player colour
FRAME = "#5b4a32"        # the frame of a track or mat with no player colour
HEAD_COLOUR = "#d9ccb0"  # a table's column and row heads, a mat's label strip
CELL_COLOUR = "#fffaf0"  # a table's cells, a track's spaces, a mat's text box
