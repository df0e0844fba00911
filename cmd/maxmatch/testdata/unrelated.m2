S the cat sat on the mat near a small red door today .
A 1 2|||Noun|||dog|||REQUIRED|||-NONE-|||0
A 12 13|||Punct|||!|||REQUIRED|||-NONE-|||0

