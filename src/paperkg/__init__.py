"""paperkg: research-paper abstracts to a knowledge graph of methods, tasks, datasets and authors."""

__version__ = "0.1.0"
