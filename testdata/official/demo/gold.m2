S She go to school every day .
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0

S I have many informations about this topic .
A 2 4|||Nn|||much information||a lot of information|||REQUIRED|||-NONE-|||0

S He is interested on music and he play the guitar .
A 3 4|||Prep|||in|||REQUIRED|||-NONE-|||0
A 7 8|||SVA|||plays|||REQUIRED|||-NONE-|||0

S The weather was very well yesterday .
A 4 5|||Adj|||good|||REQUIRED|||-NONE-|||0

S We discussed about the problem .
A 2 3|||Prep|||-NONE-|||REQUIRED|||-NONE-|||0
A 1 2|||Wci|||talked|||REQUIRED|||-NONE-|||1

S Thank you for your help .

S I went to library yesterday .
A 3 3|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
