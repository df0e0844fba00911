S a b a b b
A 5 5|||X|||c|||REQUIRED|||-NONE-|||0
A 1 1|||X|||-NONE-|||REQUIRED|||-NONE-|||0
