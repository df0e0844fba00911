S the cat sat
A 0 1|||Case|||The|||REQUIRED|||-NONE-|||0
A 2 3|||Vt|||sits|||REQUIRED|||-NONE-|||0
