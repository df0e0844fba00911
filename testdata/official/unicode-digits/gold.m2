S The cat sat on the mat .
A １ ２|||Nn|||cats|||REQUIRED|||-NONE-|||１
A 2 3|||Vt|||sits|||REQUIRED|||-NONE-|||٢
A ๓ ๓|||Prep|||down|||REQUIRED|||-NONE-|||- 1 
A 1 2|||Nn|||dog|||REQUIRED|||-NONE-|||+0

S A b c .
A 0 1|||X|||a|||REQUIRED|||-NONE-|||𝟏
