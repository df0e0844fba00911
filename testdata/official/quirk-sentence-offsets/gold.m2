S a b
S c d
A 2 3|||X|||e|||REQUIRED|||-NONE-|||0
