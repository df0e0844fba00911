S b c b c a
A 2 3|||X|||-NONE-|||REQUIRED|||-NONE-|||0
A 3 3|||X|||b b|||REQUIRED|||-NONE-|||0
A 0 0|||X|||b|||REQUIRED|||-NONE-|||0
