"""Drawing boards for people: plain text for terminals (:mod:`wargames.render.text`)."""
