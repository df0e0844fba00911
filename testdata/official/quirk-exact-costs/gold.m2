S a c b
A 1 2|||X|||b|||REQUIRED|||-NONE-|||0
A 1 1|||X|||-NONE-|||REQUIRED|||-NONE-|||0
A 1 2|||X|||b b|||REQUIRED|||-NONE-|||0
