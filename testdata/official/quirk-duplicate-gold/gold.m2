S c a
A 1 2|||X|||-NONE-|||REQUIRED|||-NONE-|||0
A 1 2|||X|||-NONE-|||REQUIRED|||-NONE-|||0
