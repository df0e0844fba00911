S a b c d
A 0 1|||X|||A|||REQUIRED|||-NONE-|||16
A 1 2|||X|||B|||REQUIRED|||-NONE-|||-1
A 2 3|||X|||C|||REQUIRED|||-NONE-|||9
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1
A 3 4|||X|||D|||REQUIRED|||-NONE-|||0
A 0 1|||X|||A|||REQUIRED|||-NONE-|||5
A 0 1|||X|||A|||REQUIRED|||-NONE-|||3

S e f
A 0 1|||X|||E|||REQUIRED|||-NONE-|||9
