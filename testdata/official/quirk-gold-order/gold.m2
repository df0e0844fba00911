S c
A 1 1|||X|||a|||REQUIRED|||-NONE-|||0
A 0 0|||X|||a|||REQUIRED|||-NONE-|||0
A 1 1|||X|||a|||REQUIRED|||-NONE-|||0
