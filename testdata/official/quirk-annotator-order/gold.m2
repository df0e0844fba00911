S a b
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||8
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
