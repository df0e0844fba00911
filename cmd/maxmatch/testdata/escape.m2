S the cat & dog sat .
A 2 3|||Conj|||and|||REQUIRED|||-NONE-|||0

S a <b> tag
A 1 2|||P&<T>|||<i>|||REQUIRED|||-NONE-|||0
