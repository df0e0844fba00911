S The dog sleep .
A 2 3|||Vform|||sleeps|||REQUIRED|||-NONE-|||0
A 3 7|||Punct|||!|||REQUIRED|||-NONE-|||0
A 3 1|||Other|||x|||REQUIRED|||-NONE-|||0

S 
A 0 2|||Other|||Hello|||REQUIRED|||-NONE-|||0

S A cat .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

