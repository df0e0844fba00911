S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1

S A dog barks .

S They was happy .
A 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0

S He go to school every days .
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||Nn|||day|||REQUIRED|||-NONE-|||0

S I has a apple .
A 1 2|||SVA|||have|||REQUIRED|||-NONE-|||0
A 2 3|||ArtOrDet|||an|||REQUIRED|||-NONE-|||0
