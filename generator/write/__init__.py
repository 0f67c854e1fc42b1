"""Write stage: `write_pdf` draws imposed pages with cairo; `write_previews` draws the same pages as PNGs."""

from generator.write.pdf import write_pdf, write_previews

__all__ = ["write_pdf", "write_previews"]
