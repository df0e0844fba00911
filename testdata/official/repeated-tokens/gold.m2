S a a a b a a b
A 1 2|||X|||-NONE-|||REQUIRED|||-NONE-|||0
A 7 7|||X|||a|||REQUIRED|||-NONE-|||0
A 0 0|||X|||b||a|||REQUIRED|||-NONE-|||1
