S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1

S A dog barks .

S They was happy .
A 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0
