S c b
