"""Reference stage: the platypus document shared by sheets and card faces.

It writes byte-identical files for identical input (reportlab's invariant mode), knows the page count
when it decorates pages ("page 2 of 3"), and turns reportlab's layout failures into our LayoutError
naming the manifest line of the block that did not fit.
"""

from __future__ import annotations

from typing import Callable

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate
from reportlab.platypus.doctemplate import LayoutError as PlatypusLayoutError

from generator.errors import LayoutError

Decorate = Callable[[Canvas, int, int], None]  # (canvas, page number, page count)


def counting_canvas(decorate: Decorate, finish: Callable[[Canvas, int], bool] | None = None) -> type[Canvas]:
    """A Canvas class that holds pages back until the end, so `decorate` can print the page count.

    `finish(canvas, count)` may draw one more page after the last one (a card back, say) and return True.
    """

    class CountingCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            from generator.reference.fallback import FONT
            from generator.reference.styles import register_fonts

            register_fonts()
            # reportlab starts each page in Helvetica, which it never embeds: print shops refuse such PDFs
            kwargs["initialFontName"] = kwargs.get("initialFontName") or FONT
            super().__init__(*args, **kwargs)
            self._held: list[dict] = []

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            count = len(self._held)
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                decorate(self, number, count)
                super().showPage()
            if finish is not None and finish(self, count):
                super().showPage()
            super().save()

    return CountingCanvas


class ReferenceDocument(BaseDocTemplate):
    """BaseDocTemplate that reports which block failed to fit, with its file:line."""

    def __init__(self, filename: str, what: str, **kwargs):
        super().__init__(filename, invariant=1, creator="pnpgen", producer="pnpgen", **kwargs)
        self.what = what  # "column", "page" or "card face": what a block failed to fit on
        self.where = "reference"

    def handle_flowable(self, flowables):
        if flowables:
            self.where = getattr(flowables[0], "pnp_where", self.where)
        try:
            super().handle_flowable(flowables)
        except PlatypusLayoutError:
            raise LayoutError(f"{self.where}: part of this block (a table row, a long word or an icon) is taller "
                              f"or wider than a whole {self.what}; shorten it or split it") from None
