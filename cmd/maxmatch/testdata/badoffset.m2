S The cat sat .
A 1 x|||Nn|||cats|||REQUIRED|||-NONE-|||0
