S a
A 0 0|||X|||a|||REQUIRED|||-NONE-|||0
