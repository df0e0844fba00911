S a b c d e f g .
A 0 1|||X|||x|||REQUIRED|||-NONE-|||2147483648
A 1 2|||X|||y|||REQUIRED|||-NONE-|||5
A 2 3|||X|||z|||REQUIRED|||-NONE-|||-5000000000
A 3 4|||X|||w|||REQUIRED|||-NONE-|||9223372036854775807
A 4 5|||X|||v|||REQUIRED|||-NONE-|||-1
A 5 6|||X|||u|||REQUIRED|||-NONE-|||12
A 6 7|||X|||t|||REQUIRED|||-NONE-|||2147483648

