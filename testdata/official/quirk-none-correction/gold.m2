S the the cat
A 1 2|||Rep|||-NONE- |||REQUIRED|||-NONE-|||0
