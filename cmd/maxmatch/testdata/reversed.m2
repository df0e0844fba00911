S The cat sat .
A 2 1|||Nn|||cats|||REQUIRED|||-NONE-|||0
