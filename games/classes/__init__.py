"""A class that answers on its own devices: the class's game on the projector shows a class
code, the children's phones and tablets join with it (no account, no name), and each answers
the question the class game asks; the projector shows how many answered and the spread of
their answers, never who. Nothing of it outlives the lesson (see ``models``)."""
