"""The Burstein system (FIDE Handbook C.04.4.2): Dutch seeding rounds, then brackets ranked by
an opposition Index (Buchholz, Sonneborn-Berger) and paired high Index against low Index.

:mod:`.rules` holds the articles (editions, seeding rounds, the Index, the criteria, the bye,
the colours), :mod:`.order` the candidate order of Article 4, :mod:`.engine` the round pairing.
"""
