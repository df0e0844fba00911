S She go to school every day .
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0

S I have many informations about this topic .
A 2 3|||ArtOrDet|||much|||REQUIRED|||-NONE-|||0
A 3 4|||Nn|||information|||REQUIRED|||-NONE-|||0

S He is interested on music and he play the guitar .
A 3 4|||Prep|||in|||REQUIRED|||-NONE-|||0
A 7 8|||SVA|||plays|||REQUIRED|||-NONE-|||0

S The weather was very well yesterday .
A 4 5|||Wform|||good|||REQUIRED|||-NONE-|||0

S We discussed about the problem .
A 2 3|||Prep|||-NONE-|||REQUIRED|||-NONE-|||0
A 1 2|||Wci|||talked|||REQUIRED|||-NONE-|||1

S Thank you for your help .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S I went to library yesterday .
A 3 3|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0

S Yesterday I go to the cinema with my friend .
A 2 3|||Vt|||went|||REQUIRED|||-NONE-|||0

S She has two cat and a dog .
A 3 4|||Nn|||cats|||REQUIRED|||-NONE-|||0

S They are agree with this idea .
A 1 2|||Vform|||-NONE-|||REQUIRED|||-NONE-|||0
