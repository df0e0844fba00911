S the cat sat on the mat by the door
A 1 2|||Nn|||dog|||REQUIRED|||-NONE-|||0
A 0 9|||Um|||a b c|||REQUIRED|||-NONE-|||1
A 3 3|||X|||x y|||REQUIRED|||-NONE-|||1
